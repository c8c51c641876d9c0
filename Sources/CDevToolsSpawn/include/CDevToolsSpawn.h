#ifndef CDEVTOOLSSPAWN_H
#define CDEVTOOLSSPAWN_H
#include <sys/types.h>
int cdt_placeholder(void);
#endif
