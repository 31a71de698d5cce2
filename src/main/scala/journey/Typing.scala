package journey

/** A person typing into an autocomplete field: the prefixes sent, one per keystroke burst. */
object Typing {

  /** `requests` prefixes of `text`, growing evenly to the whole text, each at least `minLength` long
    * (autocomplete services ignore shorter ones); always `requests` of them, so a burst's size is what
    * the profile says: prefixes("12 Main Street", 4) = "12 Mai", "12 Main S", "12 Main Str", "12 Main Street".
    */
  def prefixes(text: String, requests: Int, minLength: Int = 3): Seq[String] = {
    require(requests >= 1, s"requests must be at least 1 (was $requests)")
    val shortest = math.min(minLength, text.length)
    (1 to requests).map { i =>
      val length = shortest + math.round((text.length - shortest).toDouble * i / requests).toInt
      text.substring(0, length)
    }
  }
}
