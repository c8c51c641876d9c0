// Reads the Swift type records (one 32-bit relative pointer to a type context descriptor per
// nominal type) of every loaded image, as the runtime registered them, and finds a top-level
// type by its module's and its own name. The layouts read here are the Swift ABI's (context
// descriptors, relative pointers, the metadata sections the runtime keeps): see
// swift/ABI/Metadata.h and swift/shims/MetadataSections.h in the Swift repository.
#include "CTypeRecords.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__APPLE__)
#include <mach-o/dyld.h>
#include <mach-o/getsect.h>
#endif

// MARK: Relative pointers

static const void *direct(const int32_t *field) {
    int32_t offset = *field;
    return offset == 0 ? NULL : (const char *)field + offset;
}

// A relative pointer whose low bit says "points at a pointer to the target".
static const void *indirectable(const int32_t *field) {
    int32_t offset = *field;
    if (offset == 0) return NULL;
    if (offset & 1) return *(const void *const *)((const char *)field + (offset & ~1));
    return (const char *)field + offset;
}

// MARK: Context descriptors

enum { kind_module = 0, kind_class = 16, kind_struct = 17, kind_enum = 18 };
enum { flag_generic = 0x80 };

typedef struct {
    uint32_t flags;
    int32_t parent;
    int32_t name;
} context_descriptor;  // the module's; a type's begins the same

typedef struct {
    context_descriptor context;
    int32_t access_function;
} type_descriptor;

typedef struct {
    const void *metadata;
    size_t state;
} metadata_response;

#if __has_attribute(swiftcall)
typedef metadata_response (*metadata_accessor)(size_t request) __attribute__((swiftcall));
#else
typedef metadata_response (*metadata_accessor)(size_t request);
#endif

typedef struct {
    const char *module_name;
    const char *type_name;
    const void *found;
} search;

static void look_at(const int32_t *record, search *search) {
    const type_descriptor *type;
    switch (*record & 3) {  // the record's kind, in its low bits
    case 0: type = direct(record); break;  // the descriptor itself (the kind bits are 0)
    case 1: {  // a pointer to the descriptor
        int32_t offset = *record & ~3;
        type = offset == 0 ? NULL : *(const type_descriptor *const *)((const char *)record + offset);
        break;
    }
    default: return;
    }
    if (type == NULL) return;
    uint32_t kind = type->context.flags & 0x1F;
    if (kind != kind_class && kind != kind_struct && kind != kind_enum) return;
    if (type->context.flags & flag_generic) return;
    const char *name = direct(&type->context.name);
    if (name == NULL || strcmp(name, search->type_name) != 0) return;
    const context_descriptor *parent = indirectable(&type->context.parent);
    if (parent == NULL || (parent->flags & 0x1F) != kind_module) return;
    const char *module = direct(&parent->name);
    if (module == NULL || strcmp(module, search->module_name) != 0) return;
    const void *accessor = direct(&type->access_function);
    if (accessor == NULL) return;
    search->found = ((metadata_accessor)accessor)(0).metadata;  // request 0: complete metadata
}

static void look_through(uintptr_t start, size_t length, search *search) {
    const int32_t *records = (const int32_t *)start;
    for (size_t index = 0; index < length / sizeof(int32_t) && search->found == NULL; index++) {
        look_at(records + index, search);
    }
}

#if defined(__APPLE__)

const void *lab_find_top_level_type(const char *module_name, const char *type_name) {
    search search = {module_name, type_name, NULL};
    for (uint32_t image = 0; image < _dyld_image_count() && search.found == NULL; image++) {
        unsigned long size = 0;
        const uint8_t *section = getsectiondata((const void *)_dyld_get_image_header(image), "__TEXT", "__swift5_types", &size);
        if (section != NULL) look_through((uintptr_t)section, size, &search);
    }
    return search.found;
}

#else

// The beginning of the runtime's record of one image's metadata sections (the layout is
// versioned by its first field; these members have not moved since version 1).
typedef struct {
    uintptr_t start;
    size_t length;
} section_range;

typedef struct {
    uintptr_t version;
    const void *base_address;
    void *unused0;
    void *unused1;
    section_range protocols;
    section_range protocol_conformances;
    section_range type_metadata;
} metadata_sections;

extern void swift_enumerateAllMetadataSections(bool (*body)(const metadata_sections *sections, void *context), void *context);

static bool visit(const metadata_sections *sections, void *context) {
    search *search = context;
    look_through(sections->type_metadata.start, sections->type_metadata.length, search);
    return search->found == NULL;  // go on while nothing is found
}

const void *lab_find_top_level_type(const char *module_name, const char *type_name) {
    search search = {module_name, type_name, NULL};
    swift_enumerateAllMetadataSections(visit, &search);
    return search.found;
}

#endif
