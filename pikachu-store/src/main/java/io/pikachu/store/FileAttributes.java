package io.pikachu.store;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Who owns a file and who may write it. On a cluster file system the listing says; a local file
 * system's statuses start a process per file to find out (without Hadoop's native library), so
 * there they are read from the operating system directly. A file deleted since it was listed is a
 * {@link FileNotFoundException}, as on any Hadoop file system.
 */
interface FileAttributes {

  String owner(FileStatus status) throws IOException;

  FsPermission permission(FileStatus status) throws IOException;

  static FileAttributes of(FileSystem fs) {
    if (fs instanceof RawLocalFileSystem) {
      RawLocalFileSystem local = (RawLocalFileSystem) fs;
      return new FileAttributes() {
        @Override
        public String owner(FileStatus status) throws IOException {
          try {
            return Files.getOwner(file(status), LinkOption.NOFOLLOW_LINKS).getName();
          } catch (NoSuchFileException e) {
            throw gone(status);
          }
        }

        @Override
        public FsPermission permission(FileStatus status) throws IOException {
          try {
            int mode =
                (Integer) Files.getAttribute(file(status), "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return new FsPermission((short) (mode & 01777));
          } catch (NoSuchFileException e) {
            throw gone(status);
          }
        }

        private FileNotFoundException gone(FileStatus status) {
          return new FileNotFoundException(status.getPath() + " is gone");
        }

        private java.nio.file.Path file(FileStatus status) {
          return local.pathToFile(status.getPath()).toPath();
        }
      };
    }
    return new FileAttributes() {
      @Override
      public String owner(FileStatus status) {
        return status.getOwner();
      }

      @Override
      public FsPermission permission(FileStatus status) {
        return status.getPermission();
      }
    };
  }
}
