package results.history

import java.nio.file.Path

/** A file of the history that was left out, and why (corrupt, truncated, another tool's, a newer schema). */
final case class UnreadRecord(file: Path, reason: String)

/** What a history holds: its runs' records, the change points accepted, and the files left out. */
final case class HistoryContents(
    records: Seq[HistoryRecord],
    acceptances: Seq[Acceptance],
    unread: Seq[UnreadRecord]
)
