package text

import MarkdownTable.{ figures, text }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class MarkdownTableTest {
  @Test def headingsThenTheRuleThenTheRowsTextLeftFiguresRight(): Unit = {
    val table = MarkdownTable(
      Seq(text("Request"), figures("Count"), text("Rating"), figures("p99")),
      Seq(Seq("log in", "12", "Good", "340"), Seq("search", "3", "-", "1200"))
    )
    assertEquals(
      """| Request | Count | Rating | p99 |
        #|---|---:|---|---:|
        #| log in | 12 | Good | 340 |
        #| search | 3 | - | 1200 |""".stripMargin('#'),
      table.render
    )
  }

  @Test def aPipeInAHeadingOrACellCannotSplitItsRow(): Unit = {
    val table = MarkdownTable(MarkdownTable.named("Key", Seq("hit|miss")), Seq(Seq("a|b", "1")))
    assertEquals("| Key | hit\\|miss |\n|---|---:|\n| a\\|b | 1 |", table.render)
  }

  @Test def aTableWithoutRowsIsItsHeadingsAndRule(): Unit =
    assertEquals("| Level | Users |\n|---:|---:|", MarkdownTable(Seq(figures("Level"), figures("Users")), Nil).render)
}
