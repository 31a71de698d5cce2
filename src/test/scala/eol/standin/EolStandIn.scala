package eol.standin

import journey.Feeders

import eol.EolPeople
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest }

/** The Enrol Online stand-in: [[EolAppStandIn]] over the roll and address register of `sandbox.eol` in eol.conf. */
object EolStandIn extends StandIn {
  override def start(context: StandInContext): StandInHandler = {
    val s = context.settings
    val roll = new EolRoll(
      Feeders.csvRecords(s.string("roll"), EolPeople.Columns),
      Feeders.csvRecords(s.string("unenrolledAddresses"), Seq("address"))
    )
    val app =
      new EolAppStandIn(roll, context.stubs, s.int("suggestionLimit", min = 1), s.positiveDuration("sessionTimeout"))
    new StandInHandler {
      override def handle(request: StandInRequest) = app.handle(request)
    }
  }
}
