package io.gatling.app

import java.nio.file.Path

/** Gatling's HTML report of a run folder's simulation.log, written into that folder as a run's is
  * (`--reports-only`): for tests of what the report holds. `Gatling.fromArgs` is package-private.
  */
object ReportsOnly {

  /** Gatling's exit status: 0 once it wrote the report. */
  def write(runDir: Path): Int =
    Gatling.fromArgs(
      Array(
        "--reports-only",
        runDir.getFileName.toString,
        "--results-folder",
        runDir.toAbsolutePath.getParent.toString
      )
    )
}
