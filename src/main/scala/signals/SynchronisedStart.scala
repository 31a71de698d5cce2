package signals

import config.Settings

import results.model.{ ShardStart, StartRule }

import java.nio.file.{ FileAlreadyExistsException, Files, Path, Paths, StandardCopyOption }
import java.time.Instant
import java.util.UUID

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._
import scala.util.Try

import com.typesafe.config.{ ConfigFactory, ConfigRenderOptions, ConfigValueFactory }
import profiles.Shard

/** The `shards` block: what ties the shards of one sharded run together.
  *
  * @param runId      the sharded run's name, the same on every shard (the merge refuses shards of two runs)
  * @param startAt    a start every shard waits for (a workflow's plan job sets one for all its runners)
  * @param rendezvous a folder every shard can write (a Job's shared volume, a rehearsal's folder): the start is
  *                   `startLead` after the last shard arrived there, or `maxWait` after this one did
  */
final case class ShardsSettings(
    runId: Option[String],
    startAt: Option[Instant],
    rendezvous: Option[Path],
    startLead: FiniteDuration,
    maxWait: FiniteDuration
) {
  def waits: Boolean = startAt.nonEmpty || rendezvous.nonEmpty
}

object ShardsSettings {
  val Off: ShardsSettings = ShardsSettings(None, None, None, 3.seconds, 10.minutes)

  def read(all: Settings): ShardsSettings = {
    val s = all.block("shards")
    val startAt = s.optionalString("startAt").map(text =>
      Try(Instant.parse(text)).getOrElse(
        s.fail("startAt", s"must be an instant such as 2026-11-29T12:00:00Z (was '$text')")
      )
    )
    val rendezvous = s.optionalString("rendezvous").map(Paths.get(_))
    val runId = s.optionalString("runId")
    if (startAt.nonEmpty && rendezvous.nonEmpty)
      s.fail("rendezvous", "give a start time (shards.startAt) or a rendezvous, not both")
    if (rendezvous.nonEmpty && runId.isEmpty)
      s.fail("runId", "missing: a rendezvous counts the arrivals of one run, named by shards.runId")
    rendezvous.foreach { folder =>
      Try(Files.createDirectories(folder)).toOption.filter(Files.isWritable).getOrElse(
        s.fail("rendezvous", s"cannot write the folder ${folder.getFileName} (it must be shared by every shard)")
      )
    }
    ShardsSettings(runId, startAt, rendezvous, s.duration("startLead"), s.positiveDuration("maxWait"))
  }
}

/** Holds this shard's load until the start every shard of its run waits for, so that the load the merge adds up
  * ran at once. Schedulers start runners and pods tens of seconds, sometimes minutes, apart: the start is a time
  * given to all of them, or a little after the last of them arrived at a shared folder. A shard that comes after
  * the start begins at once and records how late it was; a stop asked for meanwhile ends the wait (the load then
  * stops at its first user).
  *
  * At a rendezvous each shard writes `shard-<i>/arrived.json` in the folder (its run id, when it arrived); the
  * first to see all of them, or to wait `maxWait`, writes `start.json` (the run id, the start, who was
  * missing), which every other shard, however late, then follows. Clocks of the machines must agree (NTP).
  */
final class SynchronisedStart(
    settings: ShardsSettings,
    shard: Shard,
    clock: () => Long = () => System.currentTimeMillis(),
    say: String => Unit = line => println(line),
    stopAsked: () => Boolean = () => StopSignals.reason.nonEmpty
) {
  private val PollMs = 50L
  private val ProgressEveryMs = 10000L
  private val who = s"shard $shard"

  /** Blocks until the start; None when the run waits for nothing. */
  def await(): Option[ShardStart] =
    settings.startAt.map(at => startAt(at.toEpochMilli)).orElse(settings.rendezvous.map(meet))

  private def startAt(plannedMs: Long): ShardStart = {
    if (clock() < plannedMs)
      say(s"$who: the load starts at ${Instant.ofEpochMilli(plannedMs)}, in ${remaining(plannedMs)}")
    waitUntil(plannedMs)
    started(StartRule.At, plannedMs, Nil)
  }

  private def meet(folder: Path): ShardStart = {
    val runId = settings.runId.getOrElse("")
    val arrivedMs = clock()
    write(folder.resolve(s"shard-${shard.index}").resolve(SynchronisedStart.ArrivedFile), runId, arrivedMs, Nil)
    say(s"$who: at the rendezvous in ${folder.getFileName}, waiting for ${shard.count} shards of run $runId")
    var decision = Option.empty[(Long, Seq[Int])]
    var nextProgressMs = arrivedMs + ProgressEveryMs
    while (decision.isEmpty) {
      decision = read(folder.resolve(SynchronisedStart.StartFile), runId)
      if (decision.isEmpty) {
        val arrivals = (1 to shard.count).map(i =>
          i -> read(folder.resolve(s"shard-$i").resolve(SynchronisedStart.ArrivedFile), runId).map(_._1)
        )
        val missing = arrivals.collect { case (i, None) => i }
        val now = clock()
        if (missing.isEmpty) decide(folder, runId, arrivals.flatMap(_._2).max + settings.startLead.toMillis, Nil)
        else if (now - arrivedMs >= settings.maxWait.toMillis || stopAsked()) decide(folder, runId, now, missing)
        else {
          if (now >= nextProgressMs) {
            say(
              s"$who: ${shard.count - missing.size} of ${shard.count} shards at the rendezvous (waiting for ${missing
                  .mkString(", ")}), at most ${remaining(arrivedMs + settings.maxWait.toMillis)} more"
            )
            nextProgressMs = now + ProgressEveryMs
          }
          Thread.sleep(PollMs)
        }
      }
    }
    // A shard late to a start made without it is not missing from its own.
    val (plannedMs, missing) = decision.map { case (at, absent) => (at, absent.filterNot(_ == shard.index)) }.get
    if (missing.nonEmpty) say(s"$who: starting without shard ${missing.mkString(", ")}, which never arrived")
    else if (clock() < plannedMs)
      say(s"$who: every shard arrived; the load starts at ${Instant.ofEpochMilli(plannedMs)}")
    waitUntil(plannedMs)
    started(StartRule.Rendezvous, plannedMs, missing)
  }

  private def started(rule: StartRule, plannedMs: Long, missing: Seq[Int]): ShardStart = {
    val record = ShardStart(rule, plannedMs, clock(), missing)
    if (record.lateMs >= SynchronisedStart.LateMs)
      say(
        f"$who: arrived ${record.lateMs / 1000.0}%.1f s after the start at ${Instant.ofEpochMilli(plannedMs)}: its load begins now, late (the merge reports it)"
      )
    record
  }

  /** The first decision of this run stands (a link is made only where none is); one of another run (the folder
    * used again) is replaced.
    */
  private def decide(folder: Path, runId: String, startMs: Long, missing: Seq[Int]): Unit = {
    val file = folder.resolve(SynchronisedStart.StartFile)
    if (read(file, runId).isEmpty) {
      Files.deleteIfExists(file)
      val temp = written(file, runId, startMs, missing)
      try Files.createLink(file, temp)
      catch { case _: FileAlreadyExistsException => () }
      finally Files.delete(temp)
    }
  }

  private def waitUntil(targetMs: Long): Unit = {
    var left = targetMs - clock()
    while (left > 0 && !stopAsked()) {
      Thread.sleep(math.min(left, PollMs))
      left = targetMs - clock()
    }
  }

  private def remaining(untilMs: Long): String = {
    val seconds = math.max(0L, (untilMs - clock() + 999) / 1000)
    if (seconds >= 60) s"${seconds / 60} min ${seconds % 60} s" else s"$seconds s"
  }

  private def write(file: Path, runId: String, epochMs: Long, missing: Seq[Int]): Unit = {
    val temp = written(file, runId, epochMs, missing)
    try Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
    finally Files.deleteIfExists(temp)
  }

  /** The fields in a new file beside `file`, so that no reader ever sees half of them. */
  private def written(file: Path, runId: String, epochMs: Long, missing: Seq[Int]): Path = {
    Files.createDirectories(file.getParent)
    val fields = Map[String, AnyRef](
      "runId" -> runId,
      "epochMs" -> Long.box(epochMs),
      "missingShards" -> missing.map(Int.box).asJava
    )
    val text = ConfigValueFactory.fromMap(fields.asJava).render(ConfigRenderOptions.concise())
    val temp = file.resolveSibling(s".${file.getFileName}.${UUID.randomUUID()}")
    Files.writeString(temp, text)
  }

  /** The time and missing shards a file of this run holds; None for none, or for another run's. */
  private def read(file: Path, runId: String): Option[(Long, Seq[Int])] =
    Try(ConfigFactory.parseFile(file.toFile)).toOption
      .filter(c => c.hasPath("runId") && c.getString("runId") == runId && c.hasPath("epochMs"))
      .map(c => (c.getLong("epochMs"), c.getIntList("missingShards").asScala.map(_.toInt).toSeq))
}

object SynchronisedStart {
  val ArrivedFile = "arrived.json"
  val StartFile = "start.json"

  /** Later than this after the start, a shard says so as it begins. */
  val LateMs = 1000L
}
