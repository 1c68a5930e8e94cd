/*
 * build_id.c - which build of smatch-ci this is, for the keys of the
 * result cache and the project database (options.h).
 *
 * Why not the version alone: it is "0.0.0" in every build, so a cache
 * filled by one build would serve another whose checkers find other
 * things - an upgrade, or a developer's rebuild, would report the old
 * build's findings for every unchanged TU.  The linker's GNU build ID is
 * a hash of the program's contents: the same for the same build (the
 * GitHub Action caches its build and restores it), different for any
 * change.  Without one (another linker), the executable's size and
 * modification time stand in.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "cli/options.h"

#include <elf.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static char id[128];

/* The main program's NT_GNU_BUILD_ID note, as hex, into id. */
static int from_note(struct dl_phdr_info *info, size_t size, void *data)
{
	int i;

	(void)size;
	(void)data;
	/* the first object is the main program */
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const char *p, *end;

		if (ph->p_type != PT_NOTE)
			continue;
		p = (const char *)(info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
			const unsigned char *desc;
			size_t off = sizeof(*n) + ((n->n_namesz + 3) & ~3u);
			size_t k, len;

			desc = (const unsigned char *)p + off;
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    memcmp(p + sizeof(*n), "GNU", 4) == 0 &&
			    (const char *)desc + n->n_descsz <= end) {
				len = strlen(id);
				for (k = 0; k < n->n_descsz &&
				     len + 2 < sizeof(id); k++, len += 2)
					snprintf(id + len, 3, "%02x", desc[k]);
				return 1;
			}
			p += off + ((n->n_descsz + 3) & ~3u);
		}
	}
	return 1;	/* only the main program */
}

const char *sci_cli_build_id(void)
{
	struct stat st;
	size_t base;

	if (id[0])
		return id;
	snprintf(id, sizeof(id), "%s+", sci_cli_version());
	base = strlen(id);
	dl_iterate_phdr(from_note, NULL);
	if (strlen(id) > base)
		return id;
	if (stat("/proc/self/exe", &st) == 0)
		snprintf(id + base, sizeof(id) - base, "%lld.%lld.%ld",
			 (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			 (long)st.st_mtim.tv_nsec);
	return id;
}
