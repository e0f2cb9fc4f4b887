// How long a buffer of megabytes is taken that is soon given back: a poll's body, its inflated document,
// the offline copy's bytes as read. At least LARGE_BUFFER_BYTES, whatever it will hold; the pages it never
// writes are never resident.
//
// Why: glibc's malloc (Linux; the browser host's Node allocates array buffers with it) serves such a block
// with a mapping of its own and unmaps it when it is freed, but on freeing a mapped block of up to 32 MB it
// raises its mmap threshold to that block's size, and its trim threshold to twice that, for the whole
// process. From then on blocks under that size come from the threads' arenas, and what is freed there stays
// resident. A first poll's body grew 1, 2, 4, 8, 16 MB; zlib inflated a document in 16 kB pieces and joined
// them: the poll workers' arenas kept what every poll had freed. Two accounts of 50,000 devices (bench
// two_accounts_100k_memory_mb, host smaps, one run each, loads ~1): the workers' arenas held 48 + 21 MB
// (host 316 MB); with the body and the document taken at 33 MB, 7 + 3 MB (host 232 MB). A block over
// 32 MB never moves the threshold. Other allocators (Electron's, macOS's, Windows') lose nothing by it.

/** Above glibc's largest dynamic mmap threshold (32 MB on 64-bit). */
export const LARGE_BUFFER_BYTES = 33 * 1024 * 1024;

/** The length to take for a buffer that is to hold `bytes`: at least LARGE_BUFFER_BYTES. */
export const largeBufferLength = (bytes: number): number => Math.max(bytes, LARGE_BUFFER_BYTES);
