#ifndef CLIBZIP_SHIM_H
#define CLIBZIP_SHIM_H

// libzip (Debian's libzip-dev), for writing zip archives. Everything Swift needs imports as is:
// the constants are plain integer macros.
#include <zip.h>

#endif
