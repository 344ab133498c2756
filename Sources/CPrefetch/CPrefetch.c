// The hint is the header's inline function; a C target needs a source file.
#include "CPrefetch.h"
