// Registers UIAutomationTesting with UIAutomation as the process loads it, so that a test
// target that links the module needs no call of its own (UIAutomation depends on neither test
// library and must not name this module). `lab_uiautomation_testing_register` is the Swift
// function of that name in UIAutomationTesting (TestLibraries.swift): the constructor runs
// before `main`, and the registration only stores a type.
#include "UIAutomationTestingLoader.h"

extern void lab_uiautomation_testing_register(void);

__attribute__((constructor)) static void lab_uiautomation_testing_load(void) {
    lab_uiautomation_testing_register();
}
