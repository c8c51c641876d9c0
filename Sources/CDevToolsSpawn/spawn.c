#include "CDevToolsSpawn.h"
int cdt_placeholder(void) { return 0; }
