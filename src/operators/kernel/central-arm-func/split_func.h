// Portable split: the inverse of concat, sharing its row-chunk copy.
#pragma once

#include "operators/kernel/central-arm-func/concat_func.h"
