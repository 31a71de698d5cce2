package testkit

import java.io.{ FileInputStream, IOException }

import scala.collection.mutable

import sandbox.ClassFolders

/** A JVM that takes every descriptor it may open, then loads watch.Answer, a class it never used before; with
  * `read-first` it runs [[ClassFolders]] twice before, on target/classes and target/test-classes. Prints how
  * that went (ClassFoldersTest reads it).
  */
object ClassFoldersProbe {
  def main(args: Array[String]): Unit = {
    if (args.contains("read-first")) {
      val folders = Seq[Class[_]](ClassFolders.getClass, getClass)
      println(s"read ${ClassFolders.readAll(folders)} classes, then ${ClassFolders.readAll(folders)}")
    }
    val held = mutable.ArrayBuffer.empty[FileInputStream]
    var exhausted = false
    while (!exhausted && held.size < 100000)
      try held += new FileInputStream("/dev/null")
      catch { case _: IOException => exhausted = true }
    val outcome =
      try { Class.forName("watch.Answer"); "read" }
      catch { case e: Throwable => e.getClass.getSimpleName }
    held.foreach(_.close())
    println(s"descriptors exhausted: $exhausted after ${held.size}; watch.Answer: $outcome")
  }
}
