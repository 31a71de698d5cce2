package eroll

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path, Paths }
import java.time.LocalDate

/** Synthetic eRoll data, derived from row numbers alone, so the feeders regenerate byte for byte:
  * `mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=eroll.ERollPeople`.
  *
  * Staff accounts are the authorised users who log in to the API; their sandbox passwords say they are
  * local only. Roll people are who those users search for; every 50th is a mononym (one name, held as
  * the surname, no first or middle names), as the roll holds people known by one name.
  */
object ERollPeople {
  val StaffAccounts = 3000
  val RollPeople = 10000
  val MononymEvery = 50

  val StaffColumns: Seq[String] = Seq("username", "password")
  val RollColumns: Seq[String] =
    Seq("electorId", "firstName", "middleNames", "surname", "dateOfBirth", "address", "electorate")

  private val GivenNames =
    ("Ana Benjamin Caleb Daniel Eru Fiona Georgia Hemi Irene Jacob Kahu Libby Matiu Niamh Oscar Pania " +
      "Quinn Rangi Stella Tamati Ursula Violet Whetu Xavier Yasmin Zara Ariana Brodie Keri Mikaere").split(' ').toVector
  private val FamilyNames =
    ("Adams Baker Cooper Dixon Evans Fletcher Graham Horomona Irwin Jackson Karaka Lawson Maaka Nash " +
      "O'Brien Paewai Quigley Rameka Sutton Tamihana Upton Vaughan Waaka Yates Ziegler Ahipene Brennan " +
      "Crawford Duncan Ellison Fitzgerald Gillies Hetaraka Ihaka Jamieson Kawhia").split(' ').toVector
  private val Mononyms =
    "Aperahama Hinewai Kauri Moana Ngahuia Rehua Tawhiri Whaitiri Kiri Marama Tui Wairere".split(' ').toVector
  private val Streets =
    "Abel Smith|Brougham|Cashel|Dee|Emerson|Fitzherbert|Gloucester|Heretaunga|Ilam|Jervois|Khyber Pass|Lincoln"
      .split('|').toVector
  private val Towns = Vector(
    "Mount Cook, Wellington 6021",
    "Sydenham, Christchurch 8023",
    "Grey Lynn, Auckland 1021",
    "Hastings 4122",
    "Invercargill 9810",
    "Gisborne 4010",
    "Whangarei 0110"
  )
  // Each town sits in one electorate, so an address's electorate is found from its town.
  private val Electorates =
    Vector(
      "Wellington Central",
      "Christchurch Central",
      "Auckland Central",
      "Tukituki",
      "Invercargill",
      "East Coast",
      "Whangarei"
    )

  private val Epoch = LocalDate.of(1935, 3, 1)

  /** Staff account `n`: username and sandbox password. */
  def staff(n: Int): Seq[String] = Seq(f"eroll.staff.$n%05d", f"sandbox.$n%05d.local-only")

  /** Roll person `n`, in [[RollColumns]] order. */
  def person(n: Int): Seq[String] = {
    val mononym = n % MononymEvery == 0
    val surname = if (mononym) Mononyms((n / MononymEvery) % Mononyms.size) else FamilyNames(n % FamilyNames.size)
    val firstIndex = (n / FamilyNames.size) % GivenNames.size
    val first = if (mononym) "" else GivenNames(firstIndex)
    // People sharing a first name and surname (every 1,080th) have other middle names, or none.
    val middle =
      if (mononym || (n / 7) % 3 == 0) ""
      else GivenNames((firstIndex + 1 + n / (FamilyNames.size * GivenNames.size)) % GivenNames.size)
    val town = (n / 7) % Towns.size
    val address = s"${1 + n % 251} ${Streets(n % Streets.size)} Street, ${Towns(town)}"
    val born = Epoch.plusDays((n.toLong * 3571) % 26000)
    Seq(f"R${n + 1}%08d", first, middle, surname, born.toString, address, Electorates(town))
  }

  def main(args: Array[String]): Unit = {
    val folder = Paths.get(args.headOption.getOrElse("src/test/resources/feeders/eroll"))
    write(folder.resolve("staff.csv"), StaffColumns, (1 to StaffAccounts).map(staff))
    write(folder.resolve("roll.csv"), RollColumns, (0 until RollPeople).map(person))
  }

  private def write(file: Path, columns: Seq[String], rows: Seq[Seq[String]]): Unit = {
    val lines = (columns +: rows).map(_.map(csvField).mkString(","))
    Files.writeString(file, lines.mkString("", "\n", "\n"), UTF_8)
    println(s"$file: ${rows.size} rows")
  }

  // Addresses hold commas, and a surname may hold an apostrophe (which needs no quoting in CSV).
  private def csvField(value: String): String = if (value.contains(',')) "\"" + value + "\"" else value
}
