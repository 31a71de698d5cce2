package raid.standin

import watch.Tallies

import results.model.SandboxShare

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import raid.RaidRequestNames
import sandbox.RunningSandbox
import testkit.SandboxTestKit

/** The sandbox says, per request name, how much of each request's time its stub calls took and how much it
  * added itself: every stub call a mint makes, one after another, counts for that mint.
  */
class RaidServingTimesTest {
  private val delayMs = 300
  private val token = RaidBodies.token(20000001L)

  @Test def aMintsSequentialStubCallsAllCountForItAndAReadHasNone(): Unit =
    SandboxTestKit.withSandbox(s"sandbox.stubs.delay { distribution = fixed, ms = $delayMs }", "raid" -> RaidStandIn) {
      sandbox =>
        val client = new RaidTestClient(sandbox.baseUrls("raid"))
        // Mint-handle, set-URL, one ORCID and one ROR validation.
        val minted = client.mint(token, RaidBodies.create(1, 1))
        assertEquals(201, minted.status, minted.body)
        val handle = RaidBodies.handleOf(minted.json)
        assertEquals(200, client.read(token, handle).status)
        val update = client.update(token, handle, RaidBodies.withContributor(minted.json, 2))
        assertEquals(200, update.status, update.body)

        val figures = sandbox.servingFigures.map(f => f.request -> f).toMap
        assertEquals(
          Set(RaidRequestNames.MintRaid, RaidRequestNames.ReadRaid, RaidRequestNames.update(2)),
          figures.keySet
        )
        val mint = figures(RaidRequestNames.MintRaid)
        assertEquals(1L, mint.count)
        assertTrue(mint.stubP99Ms >= 4 * delayMs * 0.99, s"all four stub calls count for the mint: $mint")
        assertTrue(mint.answeredP99Ms >= mint.stubP99Ms, mint.toString)
        // Two contributors and one organisation, validated one after another.
        assertTrue(figures(RaidRequestNames.update(2)).stubP99Ms >= 3 * delayMs * 0.99, figures.toString)
        assertEquals(0.0, figures(RaidRequestNames.ReadRaid).stubP99Ms, "a read calls no stub")

        val stubs = sandbox.stubFigures.map(f => f.request -> f.count).toMap
        assertEquals(
          Map("apids-mint-handle" -> 1L, "apids-set-url" -> 1L, "orcid-validate" -> 3L, "ror-validate" -> 2L),
          stubs
        )
        assertTalliesAddUp(sandbox)
        val worst = sandbox.servingFigures.maxBy(_.addedP99Ms) // the first of equals, as the line takes it
        val Seq(line) = sandbox.describeTimesBySystem: @unchecked // one line for the stand-in
        val named = f"sandbox: raid: most sandbox-added p99 ${worst.addedP99Ms}%,.0f ms (${worst.request}, of "
        assertTrue(line.startsWith(named), s"$line names the request with the most added time")
        assertTrue(line.endsWith("over 3 requests"), line)
    }

  private def assertTalliesAddUp(sandbox: RunningSandbox): Unit = {
    val tallies = new Tallies
    sandbox.countInto(tallies)
    val byName = tallies.snapshot.map(t => t.name -> t).toMap
    val added = byName(SandboxShare.AddedTally)
    assertEquals(
      Map(
        s"raid: ${RaidRequestNames.MintRaid}" -> 1L,
        s"raid: ${RaidRequestNames.ReadRaid}" -> 1L,
        s"raid: ${RaidRequestNames.update(2)}" -> 1L
      ),
      added.counts.map { case (key, byBucket) => key -> byBucket.values.sum }.toMap
    )
    val accepted = byName(RunningSandbox.AcceptTally).counts.toMap
    assertTrue(accepted("raid").values.sum >= 1, accepted.toString)
  }
}
