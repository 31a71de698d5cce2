package eforms

import java.nio.charset.StandardCharsets.UTF_8

import config.Settings

/** A survey of the eForms platform: its question fields and its expected take-up (how many businesses
  * return it), which sets its share of respondents.
  */
final case class Survey(code: String, fields: Int, takeUp: Long)

/** The surveys and how they are paged: one page per `fieldsPerPage` question fields, the last page taking
  * what is left, so pages grow with fields (ceil(fields / fieldsPerPage)). The journey and the stand-in
  * read the same settings, so they agree on every page's fields.
  */
final case class EFormsSurveys(surveys: Seq[Survey], fieldsPerPage: Int) {
  def apply(code: String): Option[Survey] = surveys.find(_.code == code)

  def pages(survey: Survey): Int = (survey.fields + fieldsPerPage - 1) / fieldsPerPage

  /** The question numbers on `page` (from 1) of `survey`. */
  def fieldsOn(survey: Survey, page: Int): Range =
    ((page - 1) * fieldsPerPage + 1) to math.min(page * fieldsPerPage, survey.fields)

  /** A survey page as the platform renders it: a label and a text box per question field. */
  def page(survey: Survey, page: Int): Array[Byte] = {
    val questions = fieldsOn(survey, page).map { i =>
      s"""<div class="field"><label for="q$i">Question $i of ${survey.fields}: report the figure this question asks for the period, in whole New Zealand dollars; leave it at 0 where it does not apply.</label>
<input class="question" id="q$i" name="q$i" type="text" inputmode="numeric"></div>
"""
    }
    val last = page == pages(survey)
    val action = if (last) s"/surveys/${survey.code}/submit" else s"/surveys/${survey.code}/pages/$page"
    s"""<!DOCTYPE html><html lang="en-NZ"><head><title>${survey.code}: page $page of ${pages(
        survey
      )}</title></head><body>
<h1>${survey.code}</h1><p id="progress">Page $page of ${pages(survey)}</p>
<form id="survey" method="post" action="$action">
${questions.mkString}<button>${if (last) "Submit" else "Next"}</button></form></body></html>
""".getBytes(UTF_8)
  }
}

object EFormsSurveys {

  /** Block `surveys` (`<code> { fields, takeUp }`) and `fieldsPerPage` of `settings`. */
  def read(settings: Settings): EFormsSurveys = {
    val block = settings.block("surveys")
    if (block.names.isEmpty) settings.fail("surveys", "names no survey")
    val surveys = block.names.map { code =>
      val one = block.block(block.element(code))
      Survey(code, one.int("fields", min = 1), one.long("takeUp", min = 0))
    }
    EFormsSurveys(surveys, settings.int("fieldsPerPage", min = 1))
  }
}
