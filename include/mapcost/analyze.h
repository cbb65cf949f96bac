/* analyze.h - the C entry points that the plugin shim calls.
 *
 * The shim hands over the canonicalised clone of a device module; these
 * functions run the stages in order and emit everything through the shim.
 */
#ifndef MAPCOST_ANALYZE_H
#define MAPCOST_ANALYZE_H

#include "mapcost/options.h"
#include "mapcost/support.h"

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Analyses every kernel of m: remarks, warnings, and the report file when
 * o->report_dir is set. Returns false when the analysis could not run at
 * all (out of memory, report not writable); it has then said why through a
 * diagnostic. */
bool mc_analyze_module(LLVMModuleRef m, const mc_options *o);

/* -mapcost-run: interprets every kernel of m with the concrete values of
 * the options (passes/driver/run.c) and writes what it observed as the
 * report (into o->report_dir, or on stdout). */
bool mc_run_module(LLVMModuleRef m, const mc_options *o);

/* The printers of print<mapcost-NAME>; `name` is "kernels". Appends the
 * text to out; false for an unknown name. */
bool mc_print_module(LLVMModuleRef m, const mc_options *o, const char *name,
                     mc_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif
