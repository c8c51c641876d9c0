#ifndef REMOTEBROWSERSLOADER_H
#define REMOTEBROWSERSLOADER_H
// Nothing to call: loader.c's constructor registers RemoteBrowsers when the process loads.
#endif
