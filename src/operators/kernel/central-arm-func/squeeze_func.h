// Portable squeeze: the data does not move, so it is the reshape family's byte copy.
#pragma once

#include "operators/kernel/central-arm-func/reshape_func.h"
