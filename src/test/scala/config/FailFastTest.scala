package config

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class FailFastTest {
  @Test def theErrorLineNamesASecretSettingButShowsNoSecret(): Unit = {
    assertEquals("ERROR: eforms.password: missing", FailFast.errorLine(new InputError("eforms.password", "missing")))
    assertEquals(
      "ERROR: sandbox.key-all.jdbcUrl: jdbc:postgresql://127.0.0.1:9/keyall?user=u&password=<redacted> is unreachable",
      FailFast.errorLine(
        new InputError(
          "sandbox.key-all.jdbcUrl",
          "jdbc:postgresql://127.0.0.1:9/keyall?user=u&password=s3cr3t is unreachable"
        )
      )
    )
  }

  @Test def anErrorOfNoOneKeyIsRedactedWhole(): Unit =
    assertEquals(
      "ERROR: the run's arguments hold password=<redacted>",
      FailFast.errorLine(new InputError("the run's arguments hold password=s3cr3t"))
    )
}
