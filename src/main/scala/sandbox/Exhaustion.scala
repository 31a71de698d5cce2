package sandbox

import java.io.IOException
import java.lang.management.ManagementFactory

/** Episodes of one part of the sandbox running out of what the machine gives it (file descriptors,
  * threads): each is printed once when it starts and once when the part works again, never per request,
  * and the run is told (see [[RunningSandbox.exhaustion]]).
  *
  * @param part  e.g. "raid stand-in"
  * @param doing what fails while it lasts, e.g. "connections refused"
  */
private[sandbox] final class Exhaustion(
    part: String,
    doing: String,
    clock: () => Long = () => System.nanoTime(),
    say: String => Unit = println(_)
) {
  private var episodeStart = 0L
  private var lastFailure = 0L
  private var inEpisode = false
  private var inEpisodeCount = 0L
  private var total = 0L
  private var episodes = 0
  private var ranOutOf = Set.empty[Exhaustion.Resource]

  /** One failure for want of a resource; prints the episode's first line if it opens one. `counted` is false
    * for a failure that did not end in what this part counts (a stand-in that could not refuse the waiting
    * connection yet: it tries that same connection again, and counts it once, when it does).
    */
  def failed(cause: Throwable, counted: Boolean = true): Unit = {
    val what = Exhaustion.resource(cause)
    val count = if (counted) 1L else 0L
    val opened = synchronized {
      lastFailure = clock()
      total += count
      ranOutOf += what
      if (inEpisode) { inEpisodeCount += count; false }
      else {
        inEpisode = true
        episodeStart = lastFailure
        inEpisodeCount = count
        episodes += 1
        true
      }
    }
    if (opened)
      say(
        s"sandbox: $part out of ${what.word} (${Exhaustion.oneLine(cause)}${Exhaustion.limitOf(what)}): " +
          s"$doing until it has some again; one line when it recovers"
      )
  }

  /** One success; prints the episode's last line once no failure came for [[Exhaustion.QuietNanos]]. */
  def succeeded(): Unit = {
    val closed = synchronized {
      val now = clock()
      Option.when(inEpisode && now - lastFailure >= Exhaustion.QuietNanos) {
        inEpisode = false
        (inEpisodeCount, (lastFailure - episodeStart) / 1e9)
      }
    }
    closed.foreach { case (count, seconds) =>
      say(f"sandbox: $part recovered: works again after $count%,d $doing over $seconds%.1f s")
    }
  }

  /** Why the run cannot judge the target, if this part ever ran out, e.g. "sandbox out of file descriptors:
    * the raid stand-in had 1,234 connections refused in 1 episode".
    */
  def reason: Option[String] = synchronized {
    Option.when(episodes > 0)(
      f"sandbox out of ${ranOutOf.toSeq.map(_.word).sorted.mkString(" and ")}: the $part had $total%,d $doing in $episodes%d " +
        (if (episodes == 1) "episode" else "episodes") + " (the sandbox's limit on this machine, not the target's)"
    )
  }
}

private[sandbox] object Exhaustion {

  /** What a part ran out of; its word is said only in the lines printed. */
  sealed abstract class Resource(val word: String)
  case object FileDescriptors extends Resource("file descriptors")
  case object Threads extends Resource("threads")

  /** A failure not recognised as one of the above, named by the JVM's own words. */
  final case class Unrecognised(description: String) extends Resource(description)

  /** An episode ends when the part has worked this long without a failure. */
  final val QuietNanos = 1000000000L

  /** Whether `cause` says the process ran out of a resource (rather than, say, a refused connection). */
  def isExhaustion(cause: Throwable): Boolean = resourceOf(cause).isDefined

  // Netty wraps the JVM's error (a ChannelException "Failed to open a socket" around it): the causes are read too.
  private def resourceOf(cause: Throwable): Option[Resource] =
    Iterator.iterate(cause)(_.getCause).takeWhile(_ != null).take(5).flatMap(c => named(String.valueOf(c.getMessage)))
      .nextOption()

  private def named(message: String): Option[Resource] =
    if (message.contains("Too many open files") || message.contains("error(-24)")) Some(FileDescriptors)
    else if (
      message.contains("unable to create native thread") || message.contains("unable to create new native thread")
    )
      Some(Threads)
    else None

  private def resource(cause: Throwable): Resource = resourceOf(cause).getOrElse(Unrecognised(oneLine(cause)))

  /** The innermost cause, the JVM's own words: Netty's wrapper says only that it could not make a channel. */
  private def oneLine(cause: Throwable): String = {
    val root = Iterator.iterate(cause)(_.getCause).takeWhile(_ != null).take(5).toSeq.last
    s"${root.getClass.getSimpleName}: ${root.getMessage}"
  }

  private def limitOf(what: Resource): String = what match {
    case FileDescriptors =>
      ManagementFactory.getOperatingSystemMXBean match {
        case os: com.sun.management.UnixOperatingSystemMXBean => f"; ulimit -n ${os.getMaxFileDescriptorCount}%d"
        case _                                                => ""
      }
    case _ => ""
  }

  /** Runs every path of this class once, at the sandbox's start, so that nothing it uses is first set up while
    * the process has no descriptor left ([[ClassFolders]] reads its own classes; this runs the JDK's parts too,
    * such as the MXBean its message reads the limit from). Seen before either: a stand-in's listening socket
    * closed on a NoClassDefFoundError.
    */
  def rehearse(): Unit = {
    var now = 0L
    val rehearsal = new Exhaustion("rehearsal", "attempts", () => now, _ => ())
    rehearsal.failed(new IOException("Too many open files"))
    rehearsal.failed(new IOException("unable to create native thread"))
    now = QuietNanos
    rehearsal.succeeded()
    rehearsal.reason
    ()
  }
}
