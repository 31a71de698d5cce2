package results.archive

import results.model.{ ArchivedRun, RunContext, RunSummary }

import results.summarize.ResultsSettings

import java.io.IOException
import java.nio.channels.{ FileChannel, OverlappingFileLockException }
import java.nio.charset.StandardCharsets
import java.nio.file.{ Files, Path, StandardCopyOption, StandardOpenOption }
import java.util.UUID

import scala.jdk.CollectionConverters._
import scala.util.{ Try, Using }
import scala.util.control.NonFatal

import config.InputError

/** The results/ folder: one sub-folder per run, never overwritten. */
object RunArchive {
  val SummaryJsonName = "summary.json"
  val SummaryMarkdownName = "summary.md"
  val JUnitName = "junit.xml"
  val RunJsonName = "run.json"

  /** Checks, before any load, that runs can be archived in `root`: creates it, writes and removes a file. */
  def requireWritable(root: Path): Unit =
    try {
      Files.createDirectories(root)
      Files.delete(Files.write(root.resolve(s".write-check-${UUID.randomUUID()}"), Array.emptyByteArray))
    } catch {
      case NonFatal(e) =>
        throw new InputError(
          s"results folder $root: cannot be written (${InputError.oneLine(e)}); fix it or set -Dsuite.resultsDir"
        )
    }

  /** Checks, before any load, that a baseline named by its folder (`-Dresults.baseline=<run>`) is an
    * archived, summarised run: a misspelt name must not cost a whole run.
    */
  def requireBaseline(root: Path, choice: String): Unit =
    if (choice != ResultsSettings.LastPassing && choice != ResultsSettings.NoBaseline) {
      val dir =
        try resolveRun(root, choice)
        catch { case e: InputError => throw new InputError("results.baseline", s"${e.getMessage}") }
      if (!Files.isRegularFile(dir.resolve(SummaryJsonName)))
        throw new InputError("results.baseline", s"$dir has no $SummaryJsonName: not a summarised run")
    }

  /** Copies a Gatling run folder (report + simulation.log) into `root` under the same name, or the
    * first free `name-2`, `name-3`... so that an existing archive is never touched; the report redacted
    * ([[ReportRedaction]]).
    */
  def archive(gatlingRunDir: Path, root: Path): Path = {
    if (!Files.isDirectory(gatlingRunDir)) throw new InputError(s"no Gatling run folder at $gatlingRunDir")
    Files.createDirectories(root)
    val baseName = gatlingRunDir.getFileName.toString
    val target = Iterator.from(1).map(i => root.resolve(copyName(baseName, i))).find(p => !Files.exists(p)).get
    writeStaged(target) { staging =>
      Using.resource(Files.walk(gatlingRunDir)) { paths =>
        paths.iterator.asScala.foreach { source =>
          val relative = gatlingRunDir.relativize(source)
          val copy = staging.resolve(relative.toString)
          if (Files.isDirectory(source)) Files.createDirectories(copy)
          else ReportRedaction.copy(source, copy, relative)
        }
      }
    }
    target
  }

  /** The name of the `copy`th archived copy (from 1) of a Gatling run folder named `baseName`. */
  private def copyName(baseName: String, copy: Int): String = if (copy == 1) baseName else s"$baseName-$copy"

  /** The archived copies of the Gatling run folder `gatlingRunDir`, as [[runs]] orders them: the folders
    * [[archive]] names after it, and no other run whose name merely begins with its name.
    */
  def copiesOf(gatlingRunDir: Path, root: Path): Seq[ArchivedRun] = {
    val baseName = gatlingRunDir.getFileName.toString
    val copy = s"$baseName-"
    def isCopy(name: String) =
      name == baseName || name.startsWith(copy) &&
        name.drop(copy.length).toIntOption.exists(i => i >= 2 && copyName(baseName, i) == name)
    runs(root).filter(run => isCopy(run.name))
  }

  /** Writes the new run folder `target` in a hidden folder beside it (the index skips it), then moves it in
    * one step: a write that stops half-way leaves nothing half-written in the archive. The writer holds a lock
    * on a file beside the hidden folder (`.<name>-<uuid>.lock`) as long as the folder is there, so that the next
    * write into the same folder can tell one left by a writer that was stopped (a JVM killed mid-archive) from
    * one still being written, and removes it first ([[removeAbandoned]]).
    */
  def writeStaged[T](target: Path)(write: Path => T): T = {
    removeAbandoned(target.toAbsolutePath.getParent).foreach(removed =>
      println(
        s"results: removed $removed: left by an archive that was stopped half-way (an unfinished copy: the run it copied is where it was)"
      )
    )
    val staging = target.resolveSibling(s".${target.getFileName}-${UUID.randomUUID()}")
    val lockFile = lockOf(staging)
    Using.resource(FileChannel.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) { lock =>
      // A file system without locks (an NFS mount without its lock service) writes unlocked: its hidden folders
      // are then never taken for abandoned.
      try { lock.tryLock(); () }
      catch { case _: IOException => () }
      try {
        // Not Files.createTempDirectory: it makes the folder owner-only whatever the umask, and a web server,
        // an artifact uploader or a teammate must be able to read the archive.
        Files.createDirectory(staging)
        try {
          val written = write(staging)
          Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE)
          written
        } finally if (Files.exists(staging)) deleteTree(staging)
      } finally Files.deleteIfExists(lockFile)
    }
  }

  private val StagingName = """\..+-\p{XDigit}{8}-\p{XDigit}{4}-\p{XDigit}{4}-\p{XDigit}{4}-\p{XDigit}{12}""".r

  private def lockOf(staging: Path): Path = staging.resolveSibling(s"${staging.getFileName}.lock")

  /** Removes the hidden folders [[writeStaged]] left in `root` when it was stopped before its end: those whose
    * lock no process holds (or that have none: an older version's). Each is an unfinished copy (of a Gatling run
    * folder, which stays where it was, or of a merge of runs that stay too), never a run. Returns them.
    */
  private def removeAbandoned(root: Path): Seq[Path] = {
    val hidden = Using.resource(Files.list(root))(
      _.iterator.asScala.filter(d => StagingName.matches(d.getFileName.toString) && Files.isDirectory(d)).toSeq
    )
    hidden.filter { staging =>
      try
        Using.resource(FileChannel.open(lockOf(staging), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
          channel =>
            // Held by another process (null), by this JVM (OverlappingFileLockException), or no locks here
            // (IOException): a writer may be at work.
            Option(channel.tryLock()).exists { _ =>
              val abandoned = Files.exists(staging)
              if (abandoned) deleteTree(staging)
              Files.deleteIfExists(lockOf(staging))
              abandoned
            }
        }
      catch { case _: OverlappingFileLockException | _: IOException => false }
    }
  }

  /** Deletes `dir` and everything under it. */
  def deleteTree(dir: Path): Unit =
    Using.resource(Files.walk(dir))(_.iterator.asScala.toSeq.reverse.foreach(Files.deleteIfExists))

  /** Writes through a temporary file and a rename, so a crash never leaves half a file behind. */
  def writeAtomically(file: Path, content: String): Unit =
    writeAtomically(file, content.getBytes(StandardCharsets.UTF_8))

  def writeAtomically(file: Path, content: Array[Byte]): Unit = {
    // Created under the umask, like every other file of the archive (Files.createTempFile would be 0600).
    val temp = file.resolveSibling(s".${file.getFileName}.${UUID.randomUUID()}.tmp")
    Files.write(temp, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
  }

  def runs(root: Path): Seq[ArchivedRun] =
    if (!Files.isDirectory(root)) Nil
    else
      Using.resource(Files.list(root)) { dirs =>
        dirs.iterator.asScala
          .filter(d => Files.isDirectory(d) && !d.getFileName.toString.startsWith("."))
          .filter(d => Files.exists(d.resolve(RunJsonName)) || Files.exists(d.resolve(SummaryJsonName)))
          .map { d =>
            val summaryFile = d.resolve(SummaryJsonName)
            val summary = if (Files.exists(summaryFile)) Some(Try(SummaryJson.read(summaryFile))) else None
            ArchivedRun(
              d,
              readQuietly(SummaryJson.readContext(d.resolve(RunJsonName))),
              summary.flatMap(_.toOption),
              summary.flatMap(_.failed.toOption).map(InputError.oneLine),
              Files.getLastModifiedTime(d).toMillis
            )
          }
          .toSeq
          .sortBy(_.startEpochMs)
      }

  private def readQuietly[T](read: => T): Option[T] =
    try Some(read)
    catch { case NonFatal(_) => None }

  /** The newest archived run of the same simulation, target, profile, shard and load overrides
    * ([[RunContext.loadOverrides]]: a -Dscale=0.5 run is no p99 reference for a full one) whose gate
    * passed. Smoke runs have none and are none: with a few dozen samples, a p99 comparison is noise.
    */
  def lastPassing(root: Path, current: RunSummary): Option[RunSummary] = lastPassing(runs(root), current)

  def lastPassing(archived: Seq[ArchivedRun], current: RunSummary): Option[RunSummary] = {
    val run = current.run
    if (run.smoke) None
    else
      archived
        .flatMap(_.summary)
        .filter(s => s.run.simulation == run.simulation && s.run.target == run.target && sameProfiles(s, current))
        .filter(s => s.run.shard == run.shard && RunContext.loadDifferences(s.run.overrides, run.overrides).isEmpty)
        .filter(s => s.run.runId != run.runId && !s.run.smoke && s.gate.exists(_.passed))
        .maxByOption(_.run.startEpochMs)
  }

  /** Each system ran the same profile: told by the systems' own profiles, not by the sentence the run is
    * described by; a summary written before it held its systems has that sentence alone.
    */
  private def sameProfiles(a: RunSummary, b: RunSummary): Boolean = {
    def profiles(s: RunSummary) = s.systems.map(system => system.key -> system.profile).toMap
    if (a.systems.nonEmpty && b.systems.nonEmpty) profiles(a) == profiles(b) else a.run.profile == b.run.profile
  }

  /** A run named by folder (under `root`) or by path. */
  def resolveRun(root: Path, nameOrPath: String): Path = {
    val asPath = Path.of(nameOrPath)
    val dir = if (Files.isDirectory(asPath)) asPath else root.resolve(nameOrPath)
    if (!Files.isDirectory(dir)) throw new InputError(s"no run folder '$nameOrPath' (looked in ${root.toAbsolutePath})")
    dir
  }

  def readSummary(runDir: Path): RunSummary = {
    val file = runDir.resolve(SummaryJsonName)
    if (!Files.isRegularFile(file))
      throw new InputError(s"$runDir has no $SummaryJsonName: summarise it first (ResultsCli summarize $runDir)")
    SummaryJson.read(file)
  }
}
