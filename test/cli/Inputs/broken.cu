// Compiles with neither the SDK's headers nor the prelude; each says which.
#ifdef MAPCOST_PRELUDE
#error "broken with the prelude"
#else
#error "broken with the CUDA SDK"
#endif
