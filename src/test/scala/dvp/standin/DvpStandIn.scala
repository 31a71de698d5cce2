package dvp.standin

import journey.Feeders

import dvp.{ DvpPdf, DvpPeople }
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest }

/** The Download Voting Papers stand-in: [[DvpAppStandIn]] over the roll of `sandbox.dvp` in dvp.conf, serving
  * voting papers of `sandbox.dvp.pdfPages` pages, written once at start.
  */
object DvpStandIn extends StandIn {
  override def start(context: StandInContext): StandInHandler = {
    val s = context.settings
    val roll = new DvpRoll(
      Feeders.csvRecords(s.string("rollInNz"), DvpPeople.Columns),
      Feeders.csvRecords(s.string("rollOverseas"), DvpPeople.Columns)
    )
    val app = new DvpAppStandIn(
      roll,
      context.stubs,
      DvpPdf.votingPapers(s.int("pdfPages", min = 1)),
      s.int("suggestionLimit", min = 1),
      s.positiveDuration("sessionTimeout")
    )
    new StandInHandler {
      override def handle(request: StandInRequest) = app.handle(request)
    }
  }
}
