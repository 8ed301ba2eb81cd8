// A file path as people read it in a sentence: the file's name and the
// folder it is in ("Saved as NAME in FOLDER"), for POSIX and Windows paths.

/** "/home/ada/Documents/x.pdf" -> { name: "x.pdf", folder: "/home/ada/Documents" }. */
export function splitPath(path: string): { name: string; folder: string } {
  const at = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  if (at < 0) return { name: path, folder: "." };
  return { name: path.slice(at + 1), folder: path.slice(0, at) || path.slice(0, 1) };
}
