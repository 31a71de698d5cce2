package eol

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Path, Paths }
import java.time.LocalDate

/** Synthetic people for Enrol Online, derived from their index alone, so the feeders can be regenerated
  * byte for byte: `mvn -q exec:java -Dexec.classpathScope=test -Dexec.mainClass=eol.EolPeople`.
  *
  * Dates of birth are a bijection of the index over 25,000 days (7,919 is prime to 25,000), so no two
  * people share first name, surname and date of birth: a search finds exactly the person fed, and an
  * enrolee (index >= Electors) is never on the roll.
  */
object EolPeople {
  val Electors = 10000
  val Enrolees = 5000
  val Columns: Seq[String] =
    Seq(
      "firstName",
      "middleNames",
      "surname",
      "dateOfBirth",
      "address",
      "email",
      "licenceNumber",
      "licenceVersion",
      "passportNumber"
    )

  private val FirstNames = Vector(
    "Aroha",
    "James",
    "Mere",
    "Oliver",
    "Charlotte",
    "Wiremu",
    "Isla",
    "Jack",
    "Amelia",
    "Tane",
    "Olivia",
    "Noah",
    "Hana",
    "Leo",
    "Mia",
    "Nikau",
    "Ruby",
    "Hunter",
    "Anahera",
    "George",
    "Grace",
    "Manaia",
    "Sophie",
    "Lucas",
    "Ella",
    "Rawiri",
    "Lily",
    "Samuel",
    "Ngaio",
    "Henry",
    "Zoe"
  )
  private val Surnames = Vector(
    "Smith",
    "Ngata",
    "Wilson",
    "Williams",
    "Brown",
    "Taylor",
    "Tipene",
    "Jones",
    "Walker",
    "Thompson",
    "Parata",
    "Anderson",
    "Singh",
    "Harris",
    "Martin",
    "Kereama",
    "Clarke",
    "Wright",
    "Patel",
    "Te Huia",
    "Robinson",
    "Campbell",
    "Chen",
    "Kingi",
    "Stewart",
    "Young",
    "Mitchell",
    "Tuhoe",
    "Scott",
    "Li",
    "Morgan",
    "Hohaia",
    "Bell",
    "Edwards",
    "Reid",
    "Wang",
    "Turner"
  )
  private val Streets = Vector(
    "Queen",
    "Victoria",
    "Great North",
    "Karangahape",
    "Cuba",
    "Lambton",
    "Riccarton",
    "George",
    "Tory",
    "Ponsonby",
    "Dominion",
    "Manners",
    "Colombo",
    "Hobson",
    "Willis",
    "Taranaki",
    "Kent",
    "Durham",
    "Devonport",
    "Te Atatu"
  )
  private val Kinds = Vector("Street", "Road", "Avenue", "Terrace", "Place", "Crescent")
  private val Places = Vector(
    "Auckland Central 1010",
    "Te Aro, Wellington 6011",
    "Riccarton, Christchurch 8011",
    "Hamilton East 3216",
    "Dunedin Central 9016",
    "Tauranga 3110",
    "Ponsonby, Auckland 1011",
    "Palmerston North 4410",
    "Nelson 7010",
    "Whanganui 4500",
    "Rotorua 3010"
  )

  private val Epoch = LocalDate.of(1940, 1, 1)

  /** Person `n`: one CSV row, in [[Columns]] order. */
  def person(n: Int): Seq[String] = {
    val first = FirstNames(n % FirstNames.size)
    val surname = Surnames((n / FirstNames.size) % Surnames.size)
    val middle = if (n % 4 == 0) "" else FirstNames((n * 7 + 3) % FirstNames.size)
    val born = Epoch.plusDays((n.toLong * 7919) % 25000)
    val address =
      s"${1 + n % 397} ${Streets((n / 3) % Streets.size)} ${Kinds(n % Kinds.size)}, ${Places((n / 11) % Places.size)}"
    val email = s"${first.toLowerCase}.${surname.toLowerCase.replace(' ', '-')}.$n@example.org.nz"
    val licence = f"${('A' + n % 26).toChar}${('A' + (n / 26) % 26).toChar}${n % 1000000}%06d"
    Seq(first, middle, surname, born.toString, address, email, licence, f"${n % 1000}%03d", f"LA${n % 10000000}%07d")
  }

  def main(args: Array[String]): Unit = {
    val folder = Paths.get(args.headOption.getOrElse("src/test/resources/feeders/eol"))
    write(folder.resolve("electors.csv"), 0 until Electors)
    write(folder.resolve("enrolees.csv"), Electors until Electors + Enrolees)
  }

  private def write(file: Path, people: Range): Unit = {
    val rows = people.iterator.map(n => person(n).map(quoted).mkString(","))
    Files.writeString(file, (Iterator(Columns.mkString(",")) ++ rows).mkString("", "\n", "\n"), UTF_8)
    println(s"$file: ${people.size} people")
  }

  // Addresses hold commas.
  private def quoted(value: String): String = if (value.contains(',')) "\"" + value + "\"" else value
}
