package dvp

import java.io.ByteArrayOutputStream
import java.nio.charset.StandardCharsets.US_ASCII

import scala.util.{ Try, Using }

import io.gatling.commons.validation._
import org.apache.pdfbox.Loader
import org.apache.pdfbox.pdmodel.{ PDDocument, PDPage, PDPageContentStream }
import org.apache.pdfbox.pdmodel.common.PDRectangle
import org.apache.pdfbox.pdmodel.font.{ PDType1Font, Standard14Fonts }

/** Voting papers as PDF: what the stand-in answers and what the download check accepts. */
object DvpPdf {

  /** Fine when `body` is a PDF (it starts `%PDF-` and Apache PDFBox parses it) of at least `minPages` pages;
    * the page count otherwise.
    */
  def check(body: Array[Byte], minPages: Int): Validation[Int] = {
    val start = new String(body.take(5), US_ASCII)
    if (start != "%PDF-") s"not a PDF: starts '$start', not '%PDF-'".failure
    else
      Try(Using.resource(Loader.loadPDF(body))(_.getNumberOfPages)).fold(
        e => s"not a PDF: ${e.getMessage}".failure,
        pages => if (pages >= minPages) pages.success else s"$pages pages, fewer than $minPages".failure
      )
  }

  /** Specimen voting papers of `pages` pages: a declaration, then ballot papers. The stand-in makes them once
    * and serves the same bytes to every elector: what the load test measures is the download, not the
    * rendering.
    */
  def votingPapers(pages: Int): Array[Byte] =
    Using.resource(new PDDocument) { document =>
      page(document, "Declaration", Seq("I declare that I am qualified to vote.", "Sign and date this page."))
      (2 to pages).foreach(n => page(document, s"Ballot paper ${n - 1}", Seq("Party vote", "Electorate vote")))
      val out = new ByteArrayOutputStream
      document.save(out)
      out.toByteArray
    }

  private def page(document: PDDocument, title: String, lines: Seq[String]): Unit = {
    val page = new PDPage(PDRectangle.A4)
    document.addPage(page)
    Using.resource(new PDPageContentStream(document, page)) { text =>
      text.beginText()
      text.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 14)
      text.setLeading(20)
      text.newLineAtOffset(72, 770)
      (s"Download Voting Papers - $title" +: lines).foreach { line =>
        text.showText(line)
        text.newLine()
      }
      text.endText()
    }
  }
}
