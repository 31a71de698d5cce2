package raid.standin

import sandbox.{ StandIn, StandInContext, StandInHandler, StandInRequest }

/** The RAiD API stand-in: [[RaidApiStandIn]] over an in-memory store, seeded from `sandbox.raid` in raid.conf. */
object RaidStandIn extends StandIn {

  override def start(context: StandInContext): StandInHandler = {
    val s = context.settings
    val store = new RaidStore(s.int("keepMinted", min = 1))
    seed(
      store,
      raids = s.int("seedRaids", min = 0),
      firstServicePoint = s.long("seedServicePoints.firstId", min = 1),
      servicePoints = s.int("seedServicePoints.count", min = 1)
    )
    val api = new RaidApiStandIn(store, context.stubs, s.int("listLimit", min = 1))
    new StandInHandler {
      override def handle(request: StandInRequest) = api.handle(request)
      override def requestName(request: StandInRequest): String = RaidApiStandIn.requestName(request)
    }
  }

  /** Pre-existing raids, spread round-robin over the seed service points, oldest first. */
  private[raid] def seed(store: RaidStore, raids: Int, firstServicePoint: Long, servicePoints: Int): Unit =
    (0 until raids).foreach { n =>
      // 8 hex digits: never equal to a minted handle, which has 12.
      val handle = f"102.100.100/$n%08x"
      val servicePointId = firstServicePoint + n % servicePoints
      val json = RaidMetadata.mapper.writeValueAsBytes(RaidMetadata.seedRaid(handle, servicePointId, n))
      store.insert(StoredRaid(handle, servicePointId, 1, json), seeded = true)
    }
}
