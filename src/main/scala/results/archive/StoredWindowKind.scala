package results.archive

import results.model.WindowKind

/** A window's kind as run.json and summary.json store it ([[WindowKind.word]]), read back into the kind:
  * the one place its word is read. A word no kind writes (another version's) stays [[WindowKind.Other]], so
  * the run is still read and the window shown as it was stored.
  */
private[results] object StoredWindowKind {
  def read(word: String): WindowKind = WindowKind.Recorded.find(_.word == word).getOrElse(WindowKind.Other(word))
}
