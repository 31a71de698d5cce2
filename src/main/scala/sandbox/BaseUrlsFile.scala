package sandbox

import java.io.IOException
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path, StandardCopyOption }

import scala.util.control.NonFatal

import com.typesafe.config.{ Config, ConfigException, ConfigFactory, ConfigUtil }
import config.InputError

/** The file where a standalone sandbox writes the base URL of each stand-in as it starts, in a target's keys
  * (`raid.baseUrl = "http://127.0.0.1:41234"`), and which it removes when it stops. The target that names the
  * file (`targets.standalone-sandbox.baseUrlsFile`) reads its systems' base URLs there, so the sandbox takes
  * free ports and no port has to be agreed on beforehand; and where the sandbox serves its own CPU
  * ([[CpuEndpoint]]), for a capacity search to judge its steps' limiting side by.
  */
object BaseUrlsFile {

  /** The key of the sandbox's CPU endpoint's URL (see [[CpuEndpoint]]) in the file, and so in the target. */
  val CpuUrlKey: String = config.KnownSettings.SandboxCpuUrlKey

  /** Writes the file whole (a reader never sees half of it); returns the text written. */
  def write(file: Path, baseUrls: Map[String, String], cpuUrl: Option[String] = None): String = {
    val text = (s"# Written by the standalone sandbox (pid ${ProcessHandle.current.pid}); removed when it stops." +:
      (baseUrls.toSeq.sorted.map { case (key, url) =>
        s"${ConfigUtil.joinPath(key, "baseUrl")} = ${ConfigUtil.quoteString(url)}"
      } ++ cpuUrl.map(url => s"$CpuUrlKey = ${ConfigUtil.quoteString(url)}"))).mkString("", "\n", "\n")
    val folder = file.toAbsolutePath.getParent
    try {
      Files.createDirectories(folder)
      val written = Files.writeString(Files.createTempFile(folder, "base-urls-", ".tmp"), text, UTF_8)
      Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
    } catch {
      case e: IOException =>
        throw new InputError(s"$file", s"cannot write it (${e.getClass.getSimpleName}: ${e.getMessage})")
    }
    text
  }

  /** The base URLs a sandbox wrote to `file`, as a target's block; empty when no sandbox has. */
  def read(file: Path): Config =
    if (!Files.exists(file)) ConfigFactory.empty()
    else
      try ConfigFactory.parseFile(file.toFile)
      catch {
        case e: ConfigException =>
          throw new InputError(
            s"$file",
            s"${InputError.firstLine(e.getMessage)} (a standalone sandbox writes this file)"
          )
      }

  /** Removes `file` if it still holds `text`: a sandbox started later may have written its own. */
  def remove(file: Path, text: String): Unit =
    try if (Files.exists(file) && Files.readString(file, UTF_8) == text) Files.delete(file)
    catch { case NonFatal(_) => () }
}
