"""Not hostile: reserves 4 GiB of address space it never touches, as the JVM and V8 do at start,
then answers. Under a seat's cgroup memory limit it must run (its memory is what counts)."""
import mmap

reserved = mmap.mmap(-1, 4 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, prot=0)  # PROT_NONE: only reserved
print("reserved", len(reserved), flush=True)
