#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

// libxml2's streaming reader (xmlTextReader) and what it needs: the parser (options,
// xmlInitParser), the tree (xmlGetLineNo) and the error types; and its HTML parser
// (htmlReadMemory), for question texts written in HTML. The headers live in
// /usr/include/libxml2; pkg-config (libxml-2.0) gives the -I.
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

#endif
