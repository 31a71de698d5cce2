package results

import results.archive.ClaimsFile

import results.model.Claim
import results.summarize.Claims

import java.nio.file.Files

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import config.InputError

class ClaimsTest {

  @Test def aResourceIsADuplicateOnlyWhenTwoDifferentUsersClaimedIt(): Unit = {
    val claims = Seq(
      Claim("1", "ann", 10),
      Claim("1", "ann", 11), // the same user again: not a duplicate
      Claim("2", "ann", 12),
      Claim("2", "bob", 15),
      Claim("3", "cat", 13),
      Claim("3", "dan", 14),
      Claim("3", "eve", 20)
    )
    val duplicates = Claims.duplicates(claims)
    assertEquals(2L, duplicates.count)
    assertEquals(Seq("3", "2"), duplicates.examples.map(_.resource), "by when the second user got it")
    assertEquals(Seq("cat", "dan", "eve"), duplicates.examples.head.claimants)
  }

  @Test def examplesAreCappedButTheCountIsNot(): Unit = {
    val claims = (1 to 25).flatMap(i => Seq(Claim(s"$i", "ann", i.toLong), Claim(s"$i", "bob", i.toLong)))
    val duplicates = Claims.duplicates(claims)
    assertEquals(25L, duplicates.count)
    assertEquals(Claims.MaxExamples, duplicates.examples.size)
  }

  @Test def aRecorderWritesWhatItRecordedAndNothingWhenEmpty(): Unit = {
    val dir = Files.createTempDirectory("claims-")
    new ClaimsFile.Recorder().writeTo(dir)
    assertEquals(None, Claims.read(dir), "no claims, no file")
    val recorder = new ClaimsFile.Recorder
    recorder.record("7", "ann")
    recorder.record("7", "bob")
    recorder.writeTo(dir)
    assertEquals(Seq("ann", "bob"), Claims.read(dir).get.map(_.claimant).sorted)
    assertThrows(classOf[IllegalArgumentException], () => recorder.record("a,b", "ann"))
  }

  @Test def aMalformedLineNamesTheFileAndLine(): Unit = {
    val dir = Files.createTempDirectory("claims-")
    Files.writeString(dir.resolve(Claims.FileName), s"${Claims.Header}\n7,ann,1\n7,bob\n")
    val error = assertThrows(classOf[InputError], () => Claims.read(dir))
    assertEquals(s"${dir.resolve(Claims.FileName)}: line 3 is not resource,claimant,atEpochMs", error.getMessage)
  }
}
