package support.profiles

/** A load profile that cannot run, found before any load is sent. The message is one line and names the key. */
final case class ProfileError(message: String) extends RuntimeException(message)
