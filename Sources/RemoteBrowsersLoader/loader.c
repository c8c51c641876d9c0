// Registers RemoteBrowsers' `cdp:` and `webdriver:` sources with UIAutomation as the process
// loads the module, so that `LAB_BROWSER_SOURCE` can name them in any process that links it,
// with no call of its own (UIAutomation links no HTTP client and must not name this module).
// `lab_remote_browsers_register` is the Swift function of that name in RemoteBrowsers
// (RemoteSources.swift): the constructor runs before `main`, and the registration only
// stores a type.
#include "RemoteBrowsersLoader.h"

extern void lab_remote_browsers_register(void);

__attribute__((constructor)) static void lab_remote_browsers_load(void) {
    lab_remote_browsers_register();
}
