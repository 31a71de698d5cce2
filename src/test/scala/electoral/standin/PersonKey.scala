package electoral.standin

import java.util.Locale

/** How the electoral systems find a person: first name, surname and date of birth, case and spaces aside. */
object PersonKey {
  def apply(firstName: String, surname: String, dateOfBirth: String): String =
    s"${firstName.trim.toLowerCase(Locale.ROOT)}|${surname.trim.toLowerCase(Locale.ROOT)}|${dateOfBirth.trim}"
}
