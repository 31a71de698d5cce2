package launch

import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.atomic.AtomicReference

import scala.jdk.CollectionConverters._
import scala.util.Using
import scala.util.control.NonFatal

/** Finds the Gatling run folder this JVM writes, without guessing from modification times: another run
  * in the same checkout may be writing beside it. Gatling keeps its simulation.log open for the whole
  * run, so the folder is the one whose log this process holds open (read from /proc/self/fd).
  */
final class OwnRunFolder(gatlingResults: Path) {
  import OwnRunFolder.OpenFiles

  private val found = new AtomicReference[Option[Path]](None)

  /** The folder found, or found now: a run stopped within the watcher's first look (its parent killed as
    * load began) still holds its log open while the shutdown hooks run.
    */
  def folder: Option[Path] = found.get.orElse(openLog)

  /** Looks every 200 ms, on a daemon thread, until found or `timeoutMs` passed. */
  def watch(timeoutMs: Long): Unit = {
    val deadline = System.currentTimeMillis() + timeoutMs
    val watcher = new Thread(
      () => {
        while (found.get.isEmpty && System.currentTimeMillis() < deadline) {
          found.set(openLog)
          if (found.get.isEmpty) Thread.sleep(200)
        }
      },
      "own-run-folder"
    )
    watcher.setDaemon(true)
    watcher.start()
  }

  // The links in /proc/self/fd name real paths: the folder reached through a symbolic link (a temporary
  // folder under a linked /tmp) is compared by its real path too, read once Gatling has created it.
  private def openLog: Option[Path] =
    try {
      val root = gatlingResults.toRealPath()
      Using.resource(Files.list(OpenFiles)) { fds =>
        fds.iterator.asScala
          .flatMap(fd => scala.util.Try(Files.readSymbolicLink(fd)).toOption)
          .find(target => target.getFileName.toString == "simulation.log" && target.getParent.getParent == root)
          .map(_.getParent)
      }
    } catch { case NonFatal(_) => None }
}

object OwnRunFolder {
  private val OpenFiles = Paths.get("/proc/self/fd")

  /** Whether this JVM can list the files it holds open (Linux); elsewhere (macOS, Windows) a run can only
    * guess its folder from modification times.
    */
  def supported: Boolean = Files.isDirectory(OpenFiles)
}
