package org.ember;

/**
 * An error from the Ember engine: a model that cannot be read, an op this build lacks, an unknown input
 * name, a wrong shape. The message is the native one and names the file, op or variable.
 */
public class EmberException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String code;

  /** @param code the status code's name, such as {@code InvalidArgument} or {@code ParseError} */
  public EmberException(String code, String message) {
    super(message);
    this.code = code;
  }

  /** The native status code: InvalidArgument, NotFound, ParseError, Unimplemented, OutOfMemory or Internal. */
  public String code() {
    return code;
  }
}
