package eroll.standin

import journey.Feeders

import eroll.ERollPeople
import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest }

/** The eRoll API stand-in: [[ERollApiStandIn]] over the staff accounts and roll of `sandbox.eroll` in eroll.conf. */
object ERollStandIn extends StandIn {
  override def start(context: StandInContext): StandInHandler = {
    val s = context.settings
    val accounts = Feeders.csvRecords(s.string("staff"), ERollPeople.StaffColumns)
    val api = new ERollApiStandIn(
      new ERollRoll(Feeders.csvRecords(s.string("roll"), ERollPeople.RollColumns)),
      accounts.map(a => a("username").toString -> a("password").toString).toMap,
      context.stubs,
      resultLimit = s.int("resultLimit", min = 1),
      suggestionLimit = s.int("suggestionLimit", min = 1),
      sessionTimeout = s.positiveDuration("sessionTimeout")
    )
    new StandInHandler {
      override def handle(request: StandInRequest) = api.handle(request)
    }
  }
}
