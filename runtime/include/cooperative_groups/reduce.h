/* cooperative_groups/reduce.h - the mapcost prelude under the CUDA SDK's
 * header name (cooperative_groups::reduce and its operators are in
 * prelude/cooperative_groups.h). */
#include "../../mapcost_prelude.h"
