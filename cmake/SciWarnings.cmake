# Warning and sanitizer flags for smatch-ci's own targets (never for sparse).
set(SCI_WARNING_FLAGS -Wall -Wextra -Wstrict-prototypes -Wmissing-prototypes
	-Wmissing-declarations -Wshadow -Wno-unused-parameter)
if(SCI_ENABLE_WERROR)
	list(APPEND SCI_WARNING_FLAGS -Werror)
endif()
set(SCI_SANITIZE_FLAGS)
if(SCI_SANITIZE)
	set(SCI_SANITIZE_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer
		-fno-sanitize-recover=undefined)
endif()

# sci_target_defaults(<target>): warnings, sanitizers and C dialect.
function(sci_target_defaults tgt)
	target_compile_options(${tgt} PRIVATE ${SCI_WARNING_FLAGS} ${SCI_SANITIZE_FLAGS})
	if(SCI_SANITIZE)
		target_link_options(${tgt} PRIVATE ${SCI_SANITIZE_FLAGS})
	endif()
	set_target_properties(${tgt} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON)
	target_compile_definitions(${tgt} PRIVATE _GNU_SOURCE)
endfunction()
