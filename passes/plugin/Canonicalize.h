//===- Canonicalize.h - the private, canonicalised clone of a module ------===//
#ifndef MAPCOST_PLUGIN_CANONICALIZE_H
#define MAPCOST_PLUGIN_CANONICALIZE_H

#include "llvm/IR/Module.h"

#include <memory>

namespace mapcost {

/// A clone of M with optnone/noinline stripped, every device function
/// inlined and a fixed canonicalising pipeline applied; M is not touched,
/// and nothing the pipeline says reaches the user. Null only when the
/// pipeline does not parse (an internal error).
std::unique_ptr<llvm::Module> canonicalClone(const llvm::Module &M);

} // namespace mapcost

#endif
