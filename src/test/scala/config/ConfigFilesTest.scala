package config

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class ConfigFilesTest {
  @Test def aSyntaxErrorNamesTheSourceFileAndLineNotTheBuildsCopy(): Unit = {
    val e =
      assertThrows(classOf[InputError], () => { ConfigFiles.parse("testkit/broken.conf", allowMissing = false); () })
    assertTrue(e.getMessage.startsWith("src/test/resources/testkit/broken.conf: 5: "), e.getMessage)
    assertFalse(e.getMessage.contains("target/test-classes"), e.getMessage)
  }

  @Test def aMissingSettingsFileIsNamed(): Unit = {
    val e = assertThrows(classOf[InputError], () => { ConfigFiles.load(Seq("no-such-system")); () })
    assertEquals("systems/no-such-system.conf: not found (on the classpath: src/test/resources)", e.getMessage)
  }
}
