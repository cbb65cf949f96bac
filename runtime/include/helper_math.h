/* helper_math.h - the mapcost prelude under the CUDA SDK's header name, for device
 * compiles without the SDK (-nocudainc -isystem runtime/include). */
#include "../mapcost_prelude.h"
