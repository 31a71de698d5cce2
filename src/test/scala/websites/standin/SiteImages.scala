package websites.standin

import java.awt.{ Color, GradientPaint }
import java.awt.image.BufferedImage
import java.io.ByteArrayOutputStream
import javax.imageio.ImageIO

/** Real images for the website stand-ins (vote.nz, the learning portal): a browser-sized body a load test
  * downloads as it would the site's own, generated the same on every start.
  */
object SiteImages {

  /** A `format` ("png", "jpg") image of the given size: a gradient in colours taken from `seed`. */
  def picture(format: String, width: Int, height: Int, seed: Int): Array[Byte] = {
    val image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB)
    val graphics = image.createGraphics()
    graphics.setPaint(new GradientPaint(0, 0, new Color(seed & 0xffffff), width.toFloat, height.toFloat, Color.WHITE))
    graphics.fillRect(0, 0, width, height)
    graphics.dispose()
    val out = new ByteArrayOutputStream
    ImageIO.write(image, format, out)
    out.toByteArray
  }
}
