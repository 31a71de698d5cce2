package dvp

import journey.SystemSettings

import com.typesafe.config.{ Config, ConfigFactory }
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import profiles.Shard
import config.{ ConfigFiles, InputError }

/** The PDF check's setting as the journey reads it, before any load: its absence stops the run with one
  * line naming the key, as an invalid value does (DvpSimulationEndToEndTest).
  */
class DvpPdfCheckSettingTest {
  private val dvp = ConfigFactory.parseResources(ConfigFiles.systemFile("dvp")).resolve().getConfig("dvp")

  private def minPages(config: Config): Int = Dvp.minPages(SystemSettings("dvp", config, 1.0, Shard.Whole))

  @Test def dvpConfSetsTwoPages(): Unit =
    assertEquals(2, minPages(dvp))

  @Test def aMissingPageMinimumIsOneLineNamingTheKey(): Unit =
    Seq(dvp.withoutPath("pdfCheck.minPages"), dvp.withoutPath("pdfCheck")).foreach { config =>
      val error = assertThrows(classOf[InputError], () => minPages(config))
      assertEquals("dvp.pdfCheck.minPages: missing", error.getMessage)
    }
}
