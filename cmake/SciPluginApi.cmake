# The checker plugin API (docs/plugins.md): what the installed
# <smatch-ci/checker.h> declares is what the smatch-ci executable exports,
# and nothing else.
#
# sci_plugin_api_symbols(<header> <out-var>): the functions and objects
# <header> declares at file scope (lines that start a declaration, not
# comments, macros or typedefs), in header order.  Run at configure time;
# the header is a configure dependency, so editing it re-runs this.
function(sci_plugin_api_symbols header out)
	set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${header})
	file(STRINGS ${header} lines REGEX "^[a-z]")
	set(syms)
	foreach(line IN LISTS lines)
		if(line MATCHES "^typedef")
			continue()
		endif()
		# one MATCHES per if(): a failing one clears CMAKE_MATCH_1
		if(line MATCHES "(sci_[a-z0-9_]+)\\(")
			list(APPEND syms ${CMAKE_MATCH_1})
		elseif(line MATCHES "^extern .*[ *](sci_[a-z0-9_]+);")
			list(APPEND syms ${CMAKE_MATCH_1})
		endif()
	endforeach()
	list(REMOVE_DUPLICATES syms)
	set(${out} ${syms} PARENT_SCOPE)
endfunction()

# sci_plugin_api_version(<header> <out-var>): SCI_CHECKER_API_VERSION.
function(sci_plugin_api_version header out)
	file(STRINGS ${header} line REGEX "^#define SCI_CHECKER_API_VERSION ")
	string(REGEX REPLACE "^#define SCI_CHECKER_API_VERSION ([0-9]+).*" "\\1"
	       v "${line}")
	if(NOT v MATCHES "^[0-9]+$")
		message(FATAL_ERROR "no SCI_CHECKER_API_VERSION in ${header}")
	endif()
	set(${out} ${v} PARENT_SCOPE)
endfunction()

# sci_plugin_api_exports(<target> <header>): <target> (an executable)
# exports exactly the API's symbols to the plugins it dlopen()s.  A
# dynamic list rather than ENABLE_EXPORTS (-rdynamic): that would export
# every global, sparse's unprefixed ones (warning, error_die, ...)
# included, which would then interpose on a plugin's own functions of
# those names.  Each symbol is also marked undefined (-u) so the linker
# pulls its object out of the static libraries even when no built-in
# checker uses it.
function(sci_plugin_api_exports tgt header)
	sci_plugin_api_symbols(${header} syms)
	set(list_file ${CMAKE_CURRENT_BINARY_DIR}/generated/plugin_api.dynlist)
	set(text "{\n")
	foreach(s IN LISTS syms)
		string(APPEND text "\t${s};\n")
		target_link_options(${tgt} PRIVATE "LINKER:-u,${s}")
	endforeach()
	string(APPEND text "};\n")
	file(WRITE ${list_file}.tmp "${text}")
	configure_file(${list_file}.tmp ${list_file} COPYONLY)
	target_link_options(${tgt} PRIVATE "LINKER:--dynamic-list=${list_file}")
	set_property(TARGET ${tgt} APPEND PROPERTY LINK_DEPENDS ${list_file})
endfunction()
