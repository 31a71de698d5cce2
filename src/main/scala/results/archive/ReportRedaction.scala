package results.archive

import results.summarize.RunSummarizer

import java.nio.ByteBuffer
import java.nio.charset.{ CharacterCodingException, CodingErrorAction }
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path, StandardCopyOption }
import java.util.Arrays

import scala.jdk.CollectionConverters._
import scala.util.Using

import config.Redaction

/** Gatling's own report quotes the run's failure messages (the Errors table of index.html and of each request's
  * page) as the simulation.log it was made from does. Archived, the report is served by the live view and uploaded
  * by the workflows, so every text file of it is redacted as the suite's own files are ([[config.Redaction]]), but
  * two kinds, copied as they are: simulation.log (the results step reads it, the live view never serves it, the
  * workflows upload it only when asked: docs/gate.md), and the assets Gatling copies from its jar into every report
  * (jQuery, Highcharts, its styles), which hold no run's data and which redaction by form would break (jQuery's
  * `{password:!0}`).
  */
private[archive] object ReportRedaction {
  private val Assets = "io/gatling/charts/assets/"

  /** `source`, at `relative` in its run folder, to `target`: redacted if it is text (UTF-8) of the run's. */
  def copy(source: Path, target: Path, relative: Path): Unit = {
    val asIs = source.getFileName.toString == RunSummarizer.LogFileName || isGatlingsAsset(source, relative)
    text(source).filterNot(_ => asIs) match {
      case Some(content) =>
        val html = source.getFileName.toString.endsWith(".html")
        Files.writeString(target, if (html) Redaction.redactHtml(content) else Redaction.redact(content), UTF_8)
        Files.setLastModifiedTime(target, Files.getLastModifiedTime(source))
        ()
      case None =>
        Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES)
        ()
    }
  }

  private def isGatlingsAsset(source: Path, relative: Path): Boolean =
    Option(getClass.getClassLoader.getResource(Assets + relative.iterator.asScala.mkString("/"))).exists(asset =>
      Using.resource(asset.openStream())(in => Arrays.equals(in.readAllBytes(), Files.readAllBytes(source)))
    )

  private def text(file: Path): Option[String] = {
    val decoder =
      UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
    try Some(decoder.decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString)
    catch { case _: CharacterCodingException => None }
  }
}
