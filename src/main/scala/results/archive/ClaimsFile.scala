package results.archive

import results.model.Claim
import results.summarize.Claims

import java.nio.file.Path
import java.util.concurrent.ConcurrentLinkedQueue

import scala.jdk.CollectionConverters._

/** Writes a run's claims to its folder ([[Claims]] reads them back). */
object ClaimsFile {

  /** The claims of one run, collected in memory while it runs and written to its folder at the end. */
  final class Recorder {
    private val claims = new ConcurrentLinkedQueue[Claim]

    def record(resource: String, claimant: String): Unit = {
      require(
        Seq(resource, claimant).forall(plain),
        s"a claim's fields hold no comma, quote or line break: $resource, $claimant"
      )
      claims.add(Claim(resource, claimant, System.currentTimeMillis()))
    }

    def isEmpty: Boolean = claims.isEmpty

    /** Writes `claims.csv` into `runDir`, when anything was claimed. */
    def writeTo(runDir: Path): Unit =
      if (!isEmpty) ClaimsFile.write(runDir, claims.asScala.toSeq)
  }

  def write(runDir: Path, claims: Seq[Claim]): Unit = {
    val lines = Claims.Header +: claims.sortBy(_.atEpochMs).map(c => s"${c.resource},${c.claimant},${c.atEpochMs}")
    RunArchive.writeAtomically(runDir.resolve(Claims.FileName), lines.mkString("", "\n", "\n"))
  }

  private def plain(field: String): Boolean =
    field.nonEmpty && !field.exists(c => c == ',' || c == '"' || c == '\n' || c == '\r')
}
