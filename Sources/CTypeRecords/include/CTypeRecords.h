#ifndef CTYPERECORDS_H
#define CTYPERECORDS_H

/// The type metadata of the non-generic enum, struct or class named `type_name` declared at the
/// top level of the Swift module `module_name`, found among the type records (the
/// `swift5_type_metadata` sections) of the images loaded now; NULL when there is none.
///
/// How XCUIAutomation finds a test target's `UITestTarget` without looking a mangled name up:
/// it reads the records the compiler emits for every type (as the Swift runtime does to answer
/// its own lookups), compares the names a descriptor holds, and asks the type's metadata
/// accessor for its metadata.
const void *lab_find_top_level_type(const char *module_name, const char *type_name);

#endif
