package results.history

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** The two-sided p-values against those of SciPy's stats.t.sf (times 2). */
class StudentTTest {
  @Test def pValuesAgreeWithAReference(): Unit = {
    val known = Seq(
      (2.228, 10, 0.05001177181711132),
      (3.169, 10, 0.010004633364384856),
      (1.0, 1, 0.5000000000000001),
      (0.5, 58, 0.6189668510566372),
      (4.2, 58, 9.307677249327912e-05),
      (2.0, 3, 0.13932596855884305),
      (6.0, 100, 3.172491502802852e-08),
      (0.0, 5, 1.0)
    )
    for ((t, degrees, p) <- known) {
      assertEquals(p, StudentT.twoSidedP(t, degrees), p * 1e-6, s"t $t, $degrees degrees")
      assertEquals(p, StudentT.twoSidedP(-t, degrees), p * 1e-6, s"t ${-t}, $degrees degrees")
    }
    assertEquals(0.0, StudentT.twoSidedP(Double.PositiveInfinity, 5))
  }
}
