#include "phonenumber_shim.h"
