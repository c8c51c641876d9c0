#ifndef UIAUTOMATIONTESTINGLOADER_H
#define UIAUTOMATIONTESTINGLOADER_H
// Nothing to call: loader.c's constructor registers UIAutomationTesting when the process loads.
#endif
