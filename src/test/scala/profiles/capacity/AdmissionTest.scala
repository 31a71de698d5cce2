package profiles.capacity

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions._

class AdmissionTest {

  @Test def arrivalsAreThinnedExactlyToTheMultipleOverTheMaximum(): Unit =
    for (multiple <- Seq(0.1, 0.3, 1.0, 2.5, 4.3, 7.9, 8.0)) {
      val admission = new Admission(maxMultiple = 8, referenceUsers = None)
      admission.admit(multiple)
      val arrivals = 8000
      val admitted = (1 to arrivals).count(_ => admission.arrive())
      assertEquals(math.round(arrivals * multiple / 8), admitted.toLong, s"at ${multiple}x")
      assertEquals(admitted.toLong, admission.active)
    }

  @Test def admittedArrivalsAreEvenlySpread(): Unit = {
    val admission = new Admission(maxMultiple = 8, referenceUsers = None)
    admission.admit(2)
    val pattern = (1 to 16).map(_ => admission.arrive())
    assertEquals(Seq(3, 7, 11, 15), pattern.zipWithIndex.filter(_._1).map(_._2))
  }

  @Test def aDrainAndTheEndAdmitNobody(): Unit = {
    val admission = new Admission(maxMultiple = 8, referenceUsers = None)
    assertFalse((1 to 100).exists(_ => admission.arrive()), "nobody before the first step")
    admission.admit(8)
    assertTrue(admission.arrive())
    admission.admit(0)
    assertFalse((1 to 100).exists(_ => admission.arrive()), "nobody while draining")
    admission.admit(8)
    admission.end()
    assertFalse((1 to 100).exists(_ => admission.arrive()), "nobody once the search ended")
    assertTrue(admission.ended)
  }

  @Test def closedUsersHoldAtMostTheMultipleOfTheReferencesUsers(): Unit = {
    val admission = new Admission(maxMultiple = 8, referenceUsers = Some(10))
    admission.admit(2.5)
    assertEquals(25, (1 to 80).count(_ => admission.enter()))
    admission.left()
    admission.left()
    assertEquals(2, (1 to 80).count(_ => admission.enter()), "a place given back is taken again")
    admission.admit(1)
    assertEquals(0, (1 to 80).count(_ => admission.enter()), "above the new multiple: nobody until users leave")
    (1 to 16).foreach(_ => admission.left())
    assertEquals(1, (1 to 80).count(_ => admission.enter()))
    assertEquals(10L, admission.active)
  }

  @Test def anyMultipleAboveZeroHasAPlace(): Unit = {
    val admission = new Admission(maxMultiple = 8, referenceUsers = Some(2))
    assertEquals(1L, admission.places(0.1))
    assertEquals(0L, admission.places(0))
  }
}
